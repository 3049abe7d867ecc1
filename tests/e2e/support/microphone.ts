import path from "node:path";

// Chromium with a microphone that plays a file from tests/fixtures/recordings and is allowed
// without asking (`test.use(fakeMicrophone("microphone.wav"))`).

export function fakeMicrophone(fixture: string) {
  return {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-audio-capture=${path.join(process.cwd(), "tests/fixtures/recordings", fixture)}`,
        "--autoplay-policy=no-user-gesture-required",
      ],
    },
  };
}
