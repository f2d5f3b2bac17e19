package dev.shellwarden.grammar;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Program paths that name no file of their own but a running process's program or an open
 * descriptor: {@code /proc/self/exe} is the shell that runs the command (bash, forking to run
 * it, executes itself), {@code /proc/1234/exe} another process's program, {@code /dev/fd/3} and
 * {@code /proc/self/fd/3} whatever file descriptor 3 was opened on ({@code exec 3</bin/sh}).
 *
 * <p>WHY: their last name ({@code exe}, {@code 3}) is no program any rule knows, so
 * {@code /proc/self/exe -c 'rm -rf ~'} and {@code /dev/fd/3 -c … 3</bin/sh} were judged as an
 * unknown program with harmless words and allowed, while they run a shell.
 *
 * <p>INVARIANT: the reading only ever makes a command stricter. The shell's own program is
 * read as {@code bash} (which understands every POSIX shell's options, so its {@code -c} script
 * is judged); any other process's program or a descriptor is a program the text does not show
 * ({@link OpaqueReason#DYNAMIC_COMMAND}). The path is read lexically: {@code //}, {@code /./},
 * {@code ..} and {@code /proc/PID/root} prefixes (the root seen by a process, {@code /} here)
 * are resolved first, so a spelling cannot hide it.
 */
public final class ProcPrograms {

    private ProcPrograms() {
    }

    /** The shell the agent's text runs in, as a program name that reads POSIX shells' options. */
    static final String SELF_SHELL = "bash";

    /** The running process's own program: {@code /proc/self/exe}, also through a thread. */
    private static final Pattern SELF_EXE = Pattern.compile("/proc/(self|thread-self)(/task/[0-9]+)?/exe");

    /** Another process's program, or a descriptor's file. */
    private static final Pattern HELD = Pattern.compile(
            "/proc/[^/]+(/task/[^/]+)?/exe|/proc/[^/]+(/task/[^/]+)?/fd/[^/]+|/dev/fd/[^/]+|/dev/std(in|out|err)");

    /** A process's view of the root directory, which is {@code /} for every process here. */
    private static final Pattern ROOT_PREFIX = Pattern.compile("^/proc/[^/]+(/task/[^/]+)?/root(?=/|$)");

    /** What a program path stands for. */
    public enum Kind {
        /** An ordinary path or name. */
        FILE,
        /** The running shell's own program. */
        SELF,
        /** Another process's program or an open descriptor's file: not known from the text. */
        HELD
    }

    /** The kind of a literal command word. */
    public static Kind kindOf(String word) {
        if (!word.startsWith("/")) {
            return Kind.FILE;
        }
        String p = LexicalPaths.normalize(word);
        String previous;
        do {
            previous = p;
            p = ROOT_PREFIX.matcher(p).replaceFirst("");
            p = p.isEmpty() ? "/" : p;
        } while (!p.equals(previous));
        if (SELF_EXE.matcher(p).matches()) {
            return Kind.SELF;
        }
        return HELD.matcher(p).matches() ? Kind.HELD : Kind.FILE;
    }

    /** The kind of a command's program word: {@link Kind#FILE} when there is none or it is not literal. */
    public static Kind programKind(List<Word> argv) {
        return argv.isEmpty() || !argv.get(0).literal() ? Kind.FILE : kindOf(argv.get(0).text());
    }

    /**
     * The argv of a command whose program is {@code kind} ({@link #programKind}), with
     * {@code /proc/self/exe} read as the shell; every other word unchanged. A HELD program stays as
     * written (the caller marks the segment opaque).
     */
    static List<Word> normalized(List<Word> argv, Kind kind) {
        if (kind != Kind.SELF) {
            return argv;
        }
        List<Word> out = new ArrayList<>(argv);
        out.set(0, Word.literal(SELF_SHELL));
        return out;
    }

}
