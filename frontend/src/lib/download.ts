/** Offers a blob as a file download; nothing leaves the browser. */
export function saveFile(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  // In the document, so every browser honours the click.
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Offers text (Markdown unless told otherwise) as a file download. */
export function saveText(fileName: string, text: string, type = 'text/markdown;charset=utf-8'): void {
  saveFile(new Blob([text], { type }), fileName);
}
