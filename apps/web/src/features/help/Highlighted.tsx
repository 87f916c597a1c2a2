import { highlightPieces } from './search'

/** A text with the search's terms marked (<mark>): plain text pieces, never HTML. */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  const pieces = highlightPieces(text, terms)
  return (
    <>
      {pieces.map((piece, index) =>
        piece.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never reorder
          <mark key={index}>{piece.text}</mark>
        ) : (
          piece.text
        ),
      )}
    </>
  )
}
