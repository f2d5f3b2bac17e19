package dev.shellwarden.grammar;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.regex.Pattern;

/**
 * Paths read as text, never through the file system: the one lexical normaliser the grammar
 * ({@link ProcPrograms}) and the engine's path facts share, so the two cannot read a spelling
 * differently.
 */
public final class LexicalPaths {

    private LexicalPaths() {
    }

    private static final Pattern SLASHES = Pattern.compile("/+");

    /**
     * Normalises a path lexically: collapses {@code //}, resolves {@code .} and {@code ..} (never
     * above the root) and drops a trailing slash. Relative paths stay relative ({@code .} when
     * nothing is left).
     */
    public static String normalize(String path) {
        if (path.isEmpty()) {
            return path;
        }
        boolean absolute = path.startsWith("/");
        Deque<String> parts = new ArrayDeque<>();
        for (String p : SLASHES.split(path)) {
            if (p.isEmpty() || p.equals(".")) {
                continue;
            }
            if (p.equals("..")) {
                if (!parts.isEmpty() && !parts.peekLast().equals("..")) {
                    parts.removeLast();
                } else if (!absolute) {
                    parts.addLast("..");
                }
            } else {
                parts.addLast(p);
            }
        }
        String joined = String.join("/", parts);
        return absolute ? "/" + joined : (joined.isEmpty() ? "." : joined);
    }
}
