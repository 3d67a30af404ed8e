/** The shape of oled-font-5x7's data (the package ships no types). */
declare module 'oled-font-5x7' {
  const font: {
    readonly monospace: boolean;
    readonly width: 5;
    readonly height: 7;
    /** Five column bytes per glyph, bit 0 the top row. */
    readonly fontData: readonly number[];
    /** The character of each glyph, in fontData's order. */
    readonly lookup: readonly string[];
  };
  export default font;
}
