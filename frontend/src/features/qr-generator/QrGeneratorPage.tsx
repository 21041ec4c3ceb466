/** Placeholder: QR Code Generator */
export function QrGeneratorPage() {
  return <h1>QR Code Generator</h1>;
}
