// Component tests wait for the page by condition, never by the clock. Testing Library gives
// up after 1 s by default, which a loaded CI machine can exceed; the condition still decides,
// only the give-up time is longer (and below jest's per-test timeout of the components project).
const { configure } = require('@testing-library/react');

configure({ asyncUtilTimeout: 10_000 });
