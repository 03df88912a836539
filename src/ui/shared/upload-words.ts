// Counts in an upload's words: "1 row", "2,040 rows".
import { countText } from '../../domain/format';

export const plural = (x: number, one: string, many = `${one}s`) => `${countText(x)} ${x === 1 ? one : many}`;
