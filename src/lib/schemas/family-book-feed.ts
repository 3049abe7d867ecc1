import { UUID_PATTERN } from "./auth";

/** The Family Book's member filter: a relative's id, or undefined for the whole family. */
export function memberFilter(value: string | null | undefined) {
  return value && UUID_PATTERN.test(value) ? value : undefined;
}
