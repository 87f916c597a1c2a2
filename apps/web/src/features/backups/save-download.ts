import type { DownloadedFile } from '../../shared/api'
import { saveFile } from '../maintain/save-file'
import { tellFailure } from './tell-failure'

/** Saves a file the server answers (a backup, secrets masked), or tells why it could not. */
export async function saveDownload(file: Promise<DownloadedFile>, fallback: string): Promise<void> {
  try {
    saveFile(await file, fallback)
  } catch (error) {
    tellFailure(error)
  }
}
