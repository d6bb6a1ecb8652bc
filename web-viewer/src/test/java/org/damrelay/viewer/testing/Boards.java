package org.damrelay.viewer.testing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.damrelay.draughts.rules.Color;
import org.damrelay.draughts.rules.Piece;
import org.damrelay.draughts.rules.Position;
import org.damrelay.proto.Clock;
import org.damrelay.proto.EventType;
import org.damrelay.proto.GameEvent;
import org.damrelay.proto.MoveData;
import org.damrelay.proto.Side;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/** Reading what a board in the page shows, and building the events a driver would send. */
public final class Boards {

    private Boards() { }

    /** The pieces drawn in the first board matching `css`, as sorted tokens like "W31", "BK5". */
    @SuppressWarnings("unchecked")
    public static List<String> shown(WebDriver driver, String css) {
        Object r = ((JavascriptExecutor) driver).executeScript(
                "const svg = document.querySelector(arguments[0]); if (!svg) return null;"
                        + "return [...svg.querySelectorAll('.piece')].map(p => p.dataset.color"
                        + " + (p.dataset.king === 'true' ? 'K' : '') + p.dataset.square);", css);
        if (r == null) return List.of();
        List<String> out = new ArrayList<>((List<String>) r);
        Collections.sort(out);
        return out;
    }

    /** The same tokens for a position from the rules core. */
    public static List<String> expected(Position pos) {
        List<String> out = new ArrayList<>();
        for (int sq = 1; sq <= 50; sq++) {
            Piece p = pos.pieceAt(sq);
            if (p != null) out.add((p.color() == Color.WHITE ? "W" : "B") + (p.isKing() ? "K" : "") + sq);
        }
        Collections.sort(out);
        return out;
    }

    /** The MOVE event of a corpus ply, with a clock that has each side spend 20 s a move. */
    public static GameEvent moveEvent(CorpusGame.PlayedPly p) {
        boolean white = p.ply() % 2 == 1;
        int whiteMoves = (p.ply() + 1) / 2;
        int blackMoves = p.ply() / 2;
        Clock clock = Clock.newBuilder().setWhiteMs(4_800_000 - whiteMoves * 20_000 + whiteMoves * 60_000)
                .setBlackMs(4_800_000 - blackMoves * 20_000 + blackMoves * 60_000)
                .setRunning(white ? Side.BLACK : Side.WHITE).build();
        return GameEvent.newBuilder().setType(EventType.MOVE).setPly(p.ply()).setSide(white ? Side.WHITE : Side.BLACK)
                .setCaptureTimeMs(1_000L * p.ply()).setNotation(p.notation()).setFen(p.fen())
                .setMove(MoveData.newBuilder().setFrom(p.move().from()).setTo(p.move().to())
                        .addAllCaptured(p.move().capturedSquares()).addAllPath(p.move().path()))
                .setClock(clock).build();
    }
}
