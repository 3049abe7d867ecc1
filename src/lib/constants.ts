// Product constants (docs/product.md §9). Each lives here once; schemas, screens and tests import them.

export const PRODUCT_NAME = "Family Book";
export const FAMILY_BOOK_PATH = "/family-book";

export const MAX_PHOTOS_PER_MEMORY = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** About 50 megapixels, well above any phone camera: larger is refused (a decompression bomb stops here). */
export const MAX_PHOTO_PIXELS = 50_000_000;
export const MIN_ANSWER_LENGTH = 3;
/** A voice story: up to half an hour, and no more bytes than half an hour of CD-quality WAV needs. */
export const MAX_RECORDING_SECONDS = 30 * 60;
export const MAX_RECORDING_BYTES = 320 * 1024 * 1024;
/** A recording larger than this goes in parts of this size, each resumed where it stopped (docs/decisions/044-recording-uploads-in-parts.md). */
export const RECORDING_PART_BYTES = 1024 * 1024;

/** Narrower than this, the header's links fold into the menu panel (Tailwind's `xl`). */
export const MENU_FOLDS_BELOW_PX = 1280;
export const BOOK_CARD_THUMBNAILS = 4;
/** The longest transcript kept: half an hour of speech is about 5,000 words (docs/decisions/042-transcripts.md). */
export const MAX_TRANSCRIPT_CHARACTERS = 100_000;
