package org.damrelay.relay.it;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** A throwaway self-signed certificate for 127.0.0.1 (openssl), for the TLS tests: the relay's own and nginx's. */
public final class SelfSignedCertificate {

    private SelfSignedCertificate() {}

    /** Writes cert.pem and key.pem into {@code dir}; false when openssl is missing or failed. */
    public static boolean write(Path dir) throws InterruptedException {
        try {
            Process p = new ProcessBuilder("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", dir.resolve("key.pem").toString(), "-out", dir.resolve("cert.pem").toString())
                    .redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
