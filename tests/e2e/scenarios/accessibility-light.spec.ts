// axe-core on every screen, tab and dialog of the menu, the system preferring light.
import { accessibilityScenario } from './accessibility-walk';

export const scenario = accessibilityScenario('light');
