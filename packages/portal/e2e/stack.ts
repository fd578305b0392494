// One way to start the built product, shared with the benchmark (scripts/bench.mjs).
export {
  DEMO_PASSWORD,
  freePort,
  launchChromium,
  portalDist,
  startStack,
} from "../scripts/stack.mjs";
