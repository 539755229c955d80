// The cross-engine suite in Firefox (firefox.mjs); run by run.mjs, which starts the stack.
import { launch } from './firefox.mjs';
import { engine, pageTypes } from './suite.mjs';
import { interactions } from './interactions.mjs';

const b = engine(launch);
pageTypes(b);
interactions(b);
