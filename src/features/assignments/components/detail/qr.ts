import { QR_OPTIONS, QR_SMALL_SCREEN_PX, QR_SMALL_WIDTH } from '../../../../shared/contract/assignments';

/** spec 02 §9: width 300, or 250 on screens up to 500 px. */
export const qrWidth = (screenWidth: number) =>
  screenWidth <= QR_SMALL_SCREEN_PX ? QR_SMALL_WIDTH : QR_OPTIONS.width;

/**
 * A PNG data URL of the QR code. `qrcode` is loaded on first use, so it stays out of the shell and
 * out of the detail page until someone opens the dialog.
 */
export async function qrDataUrl(text: string, width: number): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, {
    errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel,
    margin: QR_OPTIONS.margin,
    scale: QR_OPTIONS.scale,
    width,
  });
}
