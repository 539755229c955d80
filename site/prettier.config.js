// Prettier, the format check of make lint (npm run format:check; npm run format writes it): the
// code's own style, 120 columns as in rustfmt.toml and single quotes; every other option is
// Prettier's default (semicolons, trailing commas, parentheses around an arrow's parameter), as the
// code already wrote them.
/** @type {import('prettier').Config} */
export default { printWidth: 120, singleQuote: true };
