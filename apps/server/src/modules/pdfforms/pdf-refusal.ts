/**
 * Why a PDF cannot be rendered or filled, in words for the person who uploaded it. Thrown inside the PDF
 * worker, whose answers cross to the server as plain messages; the server answers it as a 400.
 */
export class PdfRefusal extends Error {}
