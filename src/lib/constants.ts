// Product constants (docs/product.md §9). Each lives here once; schemas, screens and tests import them.

export const PRODUCT_NAME = "Family Book";
export const FAMILY_BOOK_PATH = "/family-book";

export const MAX_PHOTOS_PER_MEMORY = 5;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const MIN_ANSWER_LENGTH = 3;

export const MOBILE_BREAKPOINT_PX = 768;
export const BOOK_CARD_THUMBNAILS = 4;
