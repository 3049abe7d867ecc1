import { Path, Svg } from "@react-pdf/renderer";
import QRCode from "qrcode";

// A QR code drawn in the PDF as vector paths (docs/decisions/043-listen-codes.md): sharp at any
// printer's resolution, a few hundred bytes, and no image to make. Error correction "M" reads
// through a crease or a smudge; the quiet zone of four modules is part of the drawing.

const QUIET_ZONE = 4;

/** The dark modules of the code for `text`, as one SVG path in module units, and its width in modules with the quiet zone. */
export function qrPath(text: string): { d: string; modules: number } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { d: parts.join(""), modules: modules.size + 2 * QUIET_ZONE };
}

/** The code, `size` points square, on white. */
export function QrCode({ text, size }: { text: string; size: number }) {
  const { d, modules } = qrPath(text);
  return (
    <Svg width={size} height={size} viewBox={`0 0 ${modules} ${modules}`}>
      <Path d={`M0 0h${modules}v${modules}h-${modules}z`} fill="#ffffff" />
      <Path d={d} fill="#000000" />
    </Svg>
  );
}
