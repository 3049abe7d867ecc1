import path from "node:path";
import { Font } from "@react-pdf/renderer";

// Lora (SIL Open Font License, assets/fonts/lora/OFL.txt), embedded from the repository so a
// book can be made offline. It covers Latin Extended: "Zoë Ñúñez", "Ørsted", "Łukasz".

let registered = false;

export const BOOK_FONT = "Lora";

export function registerBookFonts() {
  if (registered) return;
  const folder = path.join(/*turbopackIgnore: true*/ process.cwd(), "assets", "fonts", "lora");
  Font.register({
    family: BOOK_FONT,
    fonts: [
      { src: path.join(folder, "Lora_400Regular.ttf"), fontWeight: 400 },
      { src: path.join(folder, "Lora_400Regular_Italic.ttf"), fontWeight: 400, fontStyle: "italic" },
      { src: path.join(folder, "Lora_600SemiBold.ttf"), fontWeight: 600 },
      { src: path.join(folder, "Lora_700Bold.ttf"), fontWeight: 700 },
      { src: path.join(folder, "Lora_700Bold_Italic.ttf"), fontWeight: 700, fontStyle: "italic" },
    ],
  });
  // Words are never split with hyphens the reader did not write.
  Font.registerHyphenationCallback((word) => [word]);
  registered = true;
}
