/** This package's version (kept equal to package.json's by a unit test). */
export const VERSION = "0.3.0"
