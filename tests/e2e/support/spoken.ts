// What the voice server's recogniser listens for (tests/e2e/support/transcriber.ts): the sentence
// the fake microphone speaks (tests/fixtures/recordings/microphone-once.wav), and two it must not
// mistake it for.

export const SPOKEN = "my grandmother rowed the blue boat across the lake every summer";

export const NOT_SPOKEN = ["my grandfather sailed the red ship over the sea every winter", "the children walked to school across the fields"] as const;
