package org.damrelay.relay.notation;

import io.nayuki.qrcodegen.QrCode;

/**
 * A link as a QR code in SVG, for the arbiter to print or show per board. The encoding is
 * io.nayuki's qrcodegen (one small, well-kept class); only the drawing is ours.
 */
final class QrSvg {

    private static final int BORDER = 4; // the quiet zone the QR specification asks for

    private QrSvg() {}

    static String of(String text) {
        QrCode qr = QrCode.encodeText(text, QrCode.Ecc.MEDIUM);
        int size = qr.size + 2 * BORDER;
        StringBuilder path = new StringBuilder();
        for (int y = 0; y < qr.size; y++) {
            for (int x = 0; x < qr.size; x++) {
                if (qr.getModule(x, y)) path.append('M').append(x + BORDER).append(',').append(y + BORDER).append("h1v1h-1z");
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + size + " " + size + "\" class=\"qr\" role=\"img\""
                + " aria-label=\"QR code of the notation link\" shape-rendering=\"crispEdges\">"
                + "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/><path d=\"" + path + "\" fill=\"#000\"/></svg>";
    }
}
