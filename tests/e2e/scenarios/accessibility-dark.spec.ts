// axe-core on every screen, tab and dialog of the menu, the system preferring dark.
import { accessibilityScenario } from './accessibility-walk';

export const scenario = accessibilityScenario('dark');
