import { PORTAL_PICTURE_MAX_PIXELS } from '@canopy/shared/validation'
import sharp, { type Metadata, type Sharp } from 'sharp'

/** The widest a portal picture is kept: a phone's screen at 3x, twice over. */
export const PICTURE_MAX_WIDTH = 1080

export interface EncodedPicture {
  contentType: 'image/jpeg' | 'image/png'
  width: number
  height: number
  content: Buffer
}

/** The file is no JPEG, PNG or WebP picture, or decodes to more than the pixels allowed. */
export class NotAPicture extends Error {}

/**
 * Decodes an uploaded picture and encodes it anew: whatever the file carried besides pixels
 * (metadata, a script in a comment, a second image) is gone, the orientation is applied, and the
 * width is at most PICTURE_MAX_WIDTH. The file's own type is what its bytes say, never its name or
 * the type its sender claimed. Pictures with transparency stay PNG; the others become JPEG.
 */
export async function reencodePicture(upload: Buffer): Promise<EncodedPicture> {
  let decoded: Sharp
  let metadata: Metadata
  try {
    decoded = sharp(upload, { limitInputPixels: PORTAL_PICTURE_MAX_PIXELS, failOn: 'error' })
    metadata = await decoded.metadata()
  } catch (error) {
    throw new NotAPicture(`not a picture: ${(error as Error).message}`)
  }
  if (!['jpeg', 'png', 'webp'].includes(metadata.format ?? ''))
    throw new NotAPicture(`format ${metadata.format}`)
  const resized = decoded.rotate().resize({ width: PICTURE_MAX_WIDTH, withoutEnlargement: true })
  try {
    const { data, info } = metadata.hasAlpha
      ? await resized.png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true })
      : await resized.jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true })
    return {
      contentType: metadata.hasAlpha ? 'image/png' : 'image/jpeg',
      width: info.width,
      height: info.height,
      content: data,
    }
  } catch (error) {
    // a header that decoded and a body that does not: a broken or hostile file
    throw new NotAPicture(`could not decode: ${(error as Error).message}`)
  }
}
