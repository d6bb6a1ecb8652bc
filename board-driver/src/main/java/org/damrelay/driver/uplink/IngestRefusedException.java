package org.damrelay.driver.uplink;

/** The relay refused this driver for good (close 4401, 4403, 4406): retrying cannot help. */
public final class IngestRefusedException extends RuntimeException {
    private final int closeCode;

    public IngestRefusedException(int closeCode, String reason) {
        super("relay refused this driver (close " + closeCode + "): " + reason + hint(closeCode));
        this.closeCode = closeCode;
    }

    public int closeCode() {
        return closeCode;
    }

    private static String hint(int code) {
        return switch (code) {
            case 4401 -> " - check --token";
            case 4403 -> " - the token belongs to another event: check --event";
            case 4406 -> " - this driver speaks protocol 1: update the driver or the relay";
            default -> "";
        };
    }
}
