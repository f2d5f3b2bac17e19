package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Redirect;

/** The fact for one redirection of a segment; joined to its {@link Cmd} by {@code seg}. */
public final class Redir {
    private final int seg;
    private final String op;
    private final int fd;
    private final String target;
    private final boolean literal;
    private final boolean writes;

    /** Builds the fact for redirection {@code r} of segment {@code seg}. */
    public Redir(int seg, Redirect r) {
        this.seg = seg;
        this.op = r.op();
        this.fd = r.fd();
        this.target = r.target().text();
        this.literal = r.target().literal();
        this.writes = r.writes();
    }

    /** The segment id. */
    public int getSeg() {
        return seg;
    }

    /** The operator as written. */
    public String getOp() {
        return op;
    }

    /** The explicit descriptor, or -1. */
    public int getFd() {
        return fd;
    }

    /** The target after quote removal. */
    public String getTarget() {
        return target;
    }

    /** True when the target is literal. */
    public boolean isLiteral() {
        return literal;
    }

    /** True when the target is an NTFS alternate data stream ({@link PathFacts#isAlternateStream}). */
    public boolean isAlternateStream() {
        return PathFacts.isAlternateStream(target);
    }

    /** True when the redirection writes to a file. */
    public boolean isWrites() {
        return writes;
    }
}
