import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEFAULT_PRIMARY_COLOR, type Language, makeTranslate } from '@kanal/contract';
import PDFDocument from 'pdfkit';
import { formatDate } from '../../lib/clock.js';
import en from '../../locales/en.json' with { type: 'json' };
import hr from '../../locales/hr.json' with { type: 'json' };

const t = makeTranslate({ hr, en });

// DejaVu Sans has every letter of Croatian (č, ć, đ, š, ž), which the PDF standard fonts' encoding lacks;
// pdfkit embeds only the glyphs a certificate uses (7–10 KB of font).
const fontFile = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONTS = {
  regular: readFileSync(fontFile),
  bold: readFileSync(fontFile.replace('DejaVuSans.ttf', 'DejaVuSans-Bold.ttf')),
};

/** What a certificate says, as issued. */
export type CertificateText = {
  code: string;
  personName: string;
  itemName: string;
  organisation: string;
  mark: number;
  passedAt: Date;
};

type Look = {
  lang: Language;
  /** The organisation's primary colour, `#rrggbb`; null for the product's own. */
  color: string | null;
  /** The organisation's logo, when it is a PNG or JPEG (the kinds a PDF draws); else its name stands for it. */
  logo: Buffer | null;
  /** Where anyone checks the code. */
  verifyUrl: string;
};

const MUTED = '#4b5563';
const TEXT = '#111827';

/** The logo at the top left; false when there is none or its bytes are not an image a PDF can draw. */
function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer | null, x: number): boolean {
  if (!logo) return false;
  try {
    doc.image(logo, x, 60, { fit: [160, 56] });
    return true;
  } catch {
    // A logo stored as PNG or JPEG that its decoder refuses must not cost anyone their certificate.
    return false;
  }
}

/**
 * The certificate as an A4 landscape PDF in the person's language: the organisation (its logo, or its name
 * in its colour), the person, the item, the mark and the day they passed, and the code with the address
 * that checks it.
 */
export function certificatePdf(text: CertificateText, look: Look): Promise<Buffer> {
  const { lang } = look;
  const color = look.color ?? DEFAULT_PRIMARY_COLOR;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    info: { Title: `${t(lang, 'certificate.title')}: ${text.itemName}`, Author: text.organisation },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);

  const { width, height } = doc.page;
  const inner = { x: 60, width: width - 120 };
  doc
    .lineWidth(6)
    .strokeColor(color)
    .rect(24, 24, width - 48, height - 48)
    .stroke();
  doc
    .lineWidth(1)
    .rect(34, 34, width - 68, height - 68)
    .stroke();

  if (!drawLogo(doc, look.logo, inner.x)) {
    doc
      .font('bold')
      .fontSize(18)
      .fillColor(color)
      .text(text.organisation, inner.x, 72, { width: inner.width / 2 });
  }

  const centred = { width: inner.width, align: 'center' as const };
  doc
    .font('bold')
    .fontSize(40)
    .fillColor(color)
    .text(t(lang, 'certificate.title').toUpperCase(), inner.x, 140, centred);
  doc.moveDown(0.6).font('regular').fontSize(16).fillColor(MUTED).text(t(lang, 'certificate.certifies'), centred);
  doc.moveDown(0.4).font('bold').fontSize(34).fillColor(TEXT).text(text.personName, centred);
  doc.moveDown(0.4).font('regular').fontSize(16).fillColor(MUTED).text(t(lang, 'certificate.passed'), centred);
  doc.moveDown(0.4).font('bold').fontSize(24).fillColor(TEXT).text(text.itemName, centred);
  doc
    .moveDown(0.6)
    .font('regular')
    .fontSize(16)
    .fillColor(MUTED)
    .text(
      t(lang, 'certificate.result', { percent: Math.round(text.mark * 100), date: formatDate(text.passedAt) }),
      centred,
    );

  const footer = height - 110;
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(TEXT)
    .text(text.organisation, inner.x, footer, { width: inner.width / 2 });
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(MUTED)
    .text(t(lang, 'certificate.code', { code: text.code }), inner.x + inner.width / 2, footer, {
      width: inner.width / 2,
      align: 'right',
    })
    .text(t(lang, 'certificate.verify', { url: look.verifyUrl }), { width: inner.width / 2, align: 'right' });
  doc.end();
  return done;
}
