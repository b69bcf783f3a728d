/** Hands bytes the app fetched (with its access token) to the browser as a downloaded file. */
export function saveFile(file: Blob, name: string): void {
  const address = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = address;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed afterwards.
  setTimeout(() => URL.revokeObjectURL(address), 0);
}
