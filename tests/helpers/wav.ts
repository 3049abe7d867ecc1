// A sound recording of any length, made here: a 440 Hz tone as 16-bit mono PCM in a WAV file, as
// large as a long story told on a phone, without a fixture of that size in the repository.

export function toneWav(seconds: number, sampleRate = 8_000): Uint8Array {
  const samples = Math.round(seconds * sampleRate);
  const bytes = Buffer.alloc(44 + samples * 2);
  bytes.write("RIFF", 0, "ascii");
  bytes.writeUInt32LE(36 + samples * 2, 4);
  bytes.write("WAVE", 8, "ascii");
  bytes.write("fmt ", 12, "ascii");
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20); // PCM
  bytes.writeUInt16LE(1, 22); // mono
  bytes.writeUInt32LE(sampleRate, 24);
  bytes.writeUInt32LE(sampleRate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write("data", 36, "ascii");
  bytes.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    bytes.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * index) / sampleRate) * 8_000), 44 + index * 2);
  }
  return new Uint8Array(bytes);
}
