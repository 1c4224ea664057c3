// Image bytes the tests upload, as the API takes them (base64), shared by the API and domain tests.

/** A PNG of one pixel. */
export const PNG_1x1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
