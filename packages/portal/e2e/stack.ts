// One way to start the built product, shared with the benchmark (scripts/bench.mjs).
export {
  connectChromium,
  DEMO_PASSWORD,
  freePort,
  launchChromium,
  launchChromiumServer,
  portalDist,
  startStack,
} from "../scripts/stack.mjs";
