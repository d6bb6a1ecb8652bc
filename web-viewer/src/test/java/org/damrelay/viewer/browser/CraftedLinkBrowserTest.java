package org.damrelay.viewer.browser;

import static org.damrelay.viewer.testing.Waits.eventually;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.damrelay.viewer.testing.LiveRelay;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.WindowType;

/**
 * Issue 22, item 2: a crafted link must not carry the arbiter's token (or a notation credential)
 * to another host. A second loopback server plays "the other host" and records every connection;
 * every page that takes ?relay= is opened with it in ws://, http:// and bare forms (and the sign-in
 * form in a fresh tab), and nothing reaches it. A relay that names that host as trusted does send
 * there (so the recorder would have seen a leak). Every page also works under the relay's CSP.
 */
class CraftedLinkBrowserTest extends LiveHallTestBase {

    /** Records the first line of every connection it accepts; answers 204 to it. */
    static final class OtherHost implements AutoCloseable {
        final ServerSocket server;
        final List<String> seen = new CopyOnWriteArrayList<>();

        OtherHost() throws IOException {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread t = new Thread(this::serve, "other-host");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return server.getLocalPort();
        }

        private void serve() {
            while (!server.isClosed()) {
                try (Socket s = server.accept()) {
                    s.setSoTimeout(2_000);
                    String first;
                    try {
                        first = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1)).readLine();
                    } catch (IOException e) {
                        first = "(nothing read)";
                    }
                    seen.add(String.valueOf(first));
                    // an answer, so a browser does not retry an empty one
                    s.getOutputStream().write("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                } catch (IOException e) {
                    return; // closed
                }
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
        }
    }

    private static final String VIOLATIONS = "window.__csp = []; document.addEventListener('securitypolicyviolation',"
            + " e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));";

    /** Every page records what its CSP refused, from before its first script runs. */
    @BeforeAll
    void recordCspViolations() {
        driver().executeCdpCommand("Page.addScriptToEvaluateOnNewDocument", Map.of("source", VIOLATIONS));
    }

    @SuppressWarnings("unchecked")
    private List<String> violations() {
        return (List<String>) driver().executeScript("return window.__csp || []");
    }

    private void signedIn() {
        browser.arbiterSession(relay.httpUrl(), LiveRelay.ARBITER_TOKEN);
    }

    @Test
    void craftedLinksSendNothingToAnotherHostInAnyForm() throws Exception {
        try (OtherHost other = new OtherHost()) {
            String o = "127.0.0.1:" + other.port();
            // the console, in every form of ?relay=: the sign-in comes back saying why, the token stays home
            for (String relayParam : List.of("ws://" + o, "http://" + o, o, "ws://localhost:" + other.port(), "wss://" + o + "/ws")) {
                signedIn();
                driver().get(relay.httpUrl() + "/arbiter.html?relay=" + relayParam + "&event=nk2026&round=3");
                WebElement error = eventually().until(() -> driver().findElement(By.cssSelector("#login .login-error")), WebElement::isDisplayed);
                assertTrue(error.getText().startsWith("This page will not send an access code or credential to "), error.getText());
                assertFalse(driver().findElement(By.id("arbiter")).isDisplayed());
                assertEquals(null, driver().executeScript("return sessionStorage.getItem('damrelay.arbiterToken')"),
                        "the token is dropped from the tab a crafted link opened");
            }
            // the match report, both forms: no Bearer header leaves
            for (String relayParam : List.of("ws://" + o, "http://" + o)) {
                signedIn();
                driver().get(relay.httpUrl() + "/report.html?relay=" + relayParam + "&event=nk2026");
                eventually().until(() -> driver().findElement(By.cssSelector("#report .report-status[role=alert]")), WebElement::isDisplayed);
            }
            // the notation page: its credential stays on the phone
            for (String relayParam : List.of("ws://" + o, "http://" + o)) {
                driver().get(relay.httpUrl() + "/notate.html?relay=" + relayParam + "#game=" + LiveRelay.gameId(5, 1) + "&key=some-credential");
                eventually().until(() -> driver().findElement(By.cssSelector(".message")).getText()
                        .startsWith("This page will not send an access code or credential to "));
            }
            // the spectator pages carry no credential, and the CSP keeps even their connections home
            for (String page : List.of("/index.html?event=nk2026&round=3&relay=http://" + o, "/game.html?game=nk2026-r3-b1&relay=ws://" + o)) {
                driver().get(relay.httpUrl() + page);
                eventually().until(() -> violations().stream().anyMatch(v -> v.startsWith("connect-src") && v.contains(String.valueOf(other.port()))));
            }
            // a fresh tab's sign-in form: refused before anything is typed, so nothing typed can leave
            String home = driver().getWindowHandle();
            driver().switchTo().newWindow(WindowType.TAB);
            try {
                driver().get(relay.httpUrl() + "/arbiter.html?relay=ws://" + o + "&event=nk2026&round=3");
                WebElement form = eventually().until(() -> driver().findElement(By.id("login")), WebElement::isDisplayed);
                eventually().until(() -> form.findElement(By.cssSelector(".login-error")).getText().contains(o));
                assertFalse(form.findElement(By.name("token")).isEnabled(), "the token field is closed on a crafted link");
                assertFalse(form.findElement(By.cssSelector("button[type=submit]")).isEnabled());
            } finally {
                driver().close();
                driver().switchTo().window(home);
            }

            // the recorder works: the browser's own visit is the first and only thing it saw, so no
            // page above reached it (a connection made before this one would have been accepted first)
            driver().get("http://" + o + "/the-recorder-works");
            eventually().until(() -> !other.seen.isEmpty());
            assertEquals("GET /the-recorder-works HTTP/1.1", other.seen.get(0));
            assertTrue(other.seen.stream().allMatch(line -> line.equals("GET /the-recorder-works HTTP/1.1")), other.seen.toString());
        }
    }

    @Test
    void aRelayNamedAsTrustedDoesGetTheConsolesConnection() throws Exception {
        try (OtherHost other = new OtherHost();
             LiveRelay trusting = LiveRelay.start(0, List.of("ws://127.0.0.1:" + other.port()))) {
            browser.arbiterSession(trusting.httpUrl(), LiveRelay.ARBITER_TOKEN);
            driver().get(trusting.httpUrl() + "/arbiter.html?relay=ws://127.0.0.1:" + other.port() + "&event=nk2026&round=3");
            eventually().until(() -> other.seen.stream().anyMatch(line -> line.startsWith("GET /arbiter HTTP/1.1")));
        }
    }

    @Test
    void everyPageWorksUnderTheCspWithoutAViolation() {
        driver().get(relay.httpUrl() + "/index.html?event=nk2026&round=3");
        String csp = (String) driver().executeAsyncScript("const done = arguments[arguments.length - 1];"
                + " fetch('/index.html').then(r => done(r.headers.get('content-security-policy')))");
        assertTrue(csp != null && csp.contains("default-src 'self'") && !csp.contains("unsafe-inline"), "the pages are served under a strict CSP: " + csp);
        eventually().until(() -> driver().findElements(By.cssSelector(".game-card")).size() == 4);
        assertEquals(List.of(), violations(), "overview");

        driver().get(relay.httpUrl() + "/game.html?game=nk2026-r3-b1");
        eventually().until(() -> !driver().findElements(By.cssSelector(".board-holder svg.board")).isEmpty());
        assertEquals(List.of(), violations(), "game page");

        signedIn();
        driver().get(relay.httpUrl() + "/arbiter.html?event=nk2026&round=3");
        eventually().until(() -> driver().findElements(By.cssSelector("ul.statuses li.board-row")).size() >= 4);
        assertEquals(List.of(), violations(), "arbiter console");

        driver().get(relay.httpUrl() + "/report.html?event=nk2026");
        eventually().until(() -> !driver().findElements(By.cssSelector("#report h1")).isEmpty());
        assertEquals(List.of(), violations(), "match report");

        driver().get(relay.httpUrl() + "/notate.html#game=" + LiveRelay.gameId(5, 5) + "&key=not-a-credential");
        eventually().until(() -> !driver().findElement(By.cssSelector(".message")).getText().isEmpty());
        assertEquals(List.of(), violations(), "notation page");
    }
}
