// Placeholder until this island is written: keeps the build and the generator's manifest whole.
import { defineIsland } from '../lib/island';

export default defineIsland(() => null);
