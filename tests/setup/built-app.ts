// The server tests run against the production build; build it first when the sources are newer.
import { build, buildIsCurrent } from "../../bin/start.mjs";

export default function ensureBuilt() {
  if (!buildIsCurrent()) build();
}
