// The part of heic-decode's API the photo processing uses (the package ships no types).
declare module 'heic-decode' {
  interface DecodedImage {
    width: number
    height: number
    /** RGBA, four bytes a pixel. */
    data: Uint8ClampedArray
  }
  interface HeicImage {
    /** Known before the pixels are decoded. */
    width: number
    height: number
    decode(): Promise<DecodedImage>
  }
  type HeicImages = HeicImage[] & { dispose(): void }
  function decode(input: { buffer: Uint8Array }): Promise<DecodedImage>
  namespace decode {
    function all(input: { buffer: Uint8Array }): Promise<HeicImages>
  }
  export default decode
}
