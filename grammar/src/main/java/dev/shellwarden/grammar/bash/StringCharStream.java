package dev.shellwarden.grammar.bash;

import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.IntStream;
import org.antlr.v4.runtime.misc.Interval;

/**
 * A {@link CharStream} over a Java string whose indices are UTF-16 char indices.
 *
 * <p>ANTLR's own {@code CharStreams.fromString} indexes by code point; the splitter slices the
 * original string by token offsets, so one index space everywhere avoids any mismatch on
 * surrogate pairs (an unpaired surrogate is just another character here).
 */
public final class StringCharStream implements CharStream {
    private final String text;
    private int p;

    /** A stream over {@code text}. */
    public StringCharStream(String text) {
        this.text = text;
    }

    /** The whole text. */
    public String text() {
        return text;
    }

    @Override
    public String getText(Interval interval) {
        int a = Math.max(0, interval.a);
        int b = Math.min(text.length() - 1, interval.b);
        return a > b ? "" : text.substring(a, b + 1);
    }

    @Override
    public void consume() {
        if (p >= text.length()) {
            throw new IllegalStateException("cannot consume EOF");
        }
        p++;
    }

    @Override
    public int LA(int i) {
        if (i == 0) {
            return 0;
        }
        int idx = i < 0 ? p + i : p + i - 1;
        if (idx < 0 || idx >= text.length()) {
            return IntStream.EOF;
        }
        return text.charAt(idx);
    }

    @Override
    public int mark() {
        return -1;
    }

    @Override
    public void release(int marker) {
        // nothing buffered
    }

    @Override
    public int index() {
        return p;
    }

    @Override
    public void seek(int index) {
        p = Math.max(0, Math.min(index, text.length()));
    }

    @Override
    public int size() {
        return text.length();
    }

    @Override
    public String getSourceName() {
        return IntStream.UNKNOWN_SOURCE_NAME;
    }
}
