package dev.shellwarden.hook;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one tool hook call for any agent client: one input on stdin, one answer, one exit status.
 * The client's {@link HookProtocol} reads the input and shapes every outcome (answers and
 * refusals); this class does the rest the same way for every client.
 *
 * <ul>
 *   <li>Shell tool call: every form the client may run is judged; the strictest judgement is
 *       answered in the client's format.</li>
 *   <li>Any other tool: no decision (exit 0, empty stdout); the client's own permissions apply.</li>
 *   <li>A shell call the protocol marks uncheckable: ask, with the protocol's reason.</li>
 *   <li>Everything else (unreadable or oversize input, a shell call without a usable command, a
 *       judge that throws, returns null or does not answer before the deadline): exit 2, one
 *       reason line on stderr starting with {@code shell-warden}, and on stdout only what the
 *       protocol's {@link HookProtocol#refuse} gives (usually nothing). Every supported client
 *       blocks the call on exit 2 and shows the reason to the model.</li>
 * </ul>
 *
 * <p>WHY exit 2 for every failure: the clients fail open. A hook that exits 1, prints something
 * that is not its JSON, or exceeds the configured timeout lets the command run. So the runner
 * answers before its own deadline (set it below the hook timeout in the client's settings), and
 * INVARIANT: stdout is written at most once, by {@link #run}, with a complete answer. The stderr
 * line never parses as JSON (it starts with {@code shell-warden}): Gemini CLI reads stderr as its
 * answer when stdout is empty.
 */
public final class HookRunner {

    /** Largest hook input read, in bytes; a larger one is refused unread. */
    public static final int MAX_INPUT_BYTES = 1024 * 1024;
    /** Largest command judged, in UTF-8 bytes (the protocol's bound on one command). */
    public static final int MAX_COMMAND_BYTES = 8 * 1024;
    /** Default time from start to answer; the client's hook timeout must be longer. */
    public static final Duration DEFAULT_DEADLINE = Duration.ofSeconds(20);

    private static final String ASK_USER = "; ask the user to run the command themselves or try another approach";
    /** Appended to an ask answered as a refusal: the model must hand the command to the user. */
    public static final String ASK_AS_DENY = "; the user must approve this command: ask them to run it themselves";

    private final HookProtocol protocol;
    private final CommandJudge judge;
    private final Duration deadline;
    private final boolean deferAllow;
    private final boolean askAsDeny;

    /**
     * A runner for {@code protocol} over {@code judge} that answers within {@code deadline}. With
     * {@code deferAllow}, an allow is answered as "no decision", so the client's own permission
     * rules and prompts still apply to commands shell-warden lets through. With {@code askAsDeny},
     * an ask is answered as a deny whose message tells the model the user must run or approve the
     * command (for clients or modes where an ask cannot reach a human); a protocol whose client
     * never asks the user ({@link HookProtocol#asksTheUser()} false) gets that whatever the flag.
     */
    public HookRunner(HookProtocol protocol, CommandJudge judge, Duration deadline, boolean deferAllow, boolean askAsDeny) {
        this.protocol = Objects.requireNonNull(protocol, "protocol");
        this.judge = Objects.requireNonNull(judge, "judge");
        this.deadline = Objects.requireNonNull(deadline, "deadline");
        this.deferAllow = deferAllow;
        this.askAsDeny = askAsDeny;
        if (deadline.isNegative() || deadline.isZero()) {
            throw new IllegalArgumentException("deadline must be positive");
        }
    }

    /**
     * Reads the hook input from {@code in}, writes the answer to {@code out} or a reason line to
     * {@code err}, and returns the exit status. Never throws.
     */
    public int run(InputStream in, OutputStream out, PrintStream err) {
        return outcome(in).emit(out, err);
    }

    /** The outcome for the input on {@code in}, within the deadline. Never throws. */
    public HookOutcome outcome(InputStream in) {
        // The work runs on a daemon thread so a judge that hangs (or a stdin that never closes)
        // cannot hold the answer past the deadline; the JVM exits without waiting for it.
        CompletableFuture<HookOutcome> work = new CompletableFuture<>();
        Thread worker = new Thread(() -> {
            try {
                work.complete(decide(readBounded(in)));
            } catch (Throwable t) {
                work.complete(refusal("shell-warden failed while checking the command: " + describe(t)));
            }
        }, "shell-warden-hook");
        worker.setDaemon(true);
        try {
            worker.start();
            return work.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            return refusal("shell-warden could not check the command within " + deadline.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return refusal("shell-warden was interrupted while checking the command");
        } catch (ExecutionException | RuntimeException | Error e) {
            return refusal("shell-warden failed while checking the command: " + describe(e));
        }
    }

    /** The outcome for one complete hook input, null meaning oversize (no deadline: callers bound it). */
    public HookOutcome decide(byte[] input) {
        if (input == null) {
            return refusal("the hook input exceeds " + MAX_INPUT_BYTES + " bytes");
        }
        ToolCall call;
        try {
            call = protocol.read(input);
        } catch (UnreadableInputException e) {
            return refusal(e.getMessage());
        }
        if (!call.shell()) {
            return HookOutcome.noDecision();
        }
        if (!call.uncheckable().isEmpty()) {
            return answer(new Judgement(Decision.ASK, "", call.uncheckable()));
        }
        String tool = protocol.shellToolName();
        if (call.command().isEmpty()) {
            return refusal("the " + tool + " call has no command string");
        }
        String command = call.command().get();
        if (command.isBlank()) {
            return refusal("the " + tool + " call has an empty command");
        }
        if (command.getBytes(StandardCharsets.UTF_8).length > MAX_COMMAND_BYTES) {
            return refusal("the command exceeds " + MAX_COMMAND_BYTES + " bytes: split it into smaller commands");
        }
        Judgement j;
        try {
            j = judgeForms(protocol.runForms(command), call);
        } catch (Exception | Error e) {
            return refusal("shell-warden could not check the command: " + describe(e));
        }
        if (j == null) {
            return refusal("shell-warden could not check the command: the judge gave no answer");
        }
        return answer(j);
    }

    /**
     * The outcome for a judgement, after --ask-as-deny (forced for a client that cannot ask the
     * user) and --defer-allow.
     */
    private HookOutcome answer(Judgement j) {
        if ((askAsDeny || !protocol.asksTheUser()) && j.decision() == Decision.ASK) {
            j = askAsDeny(j);
        }
        if (deferAllow && j.decision() == Decision.ALLOW) {
            return HookOutcome.noDecision();
        }
        return protocol.answer(j);
    }

    /**
     * An ask answered as a deny whose message ends with {@link #ASK_AS_DENY}; the message is cut
     * first, so the hint survives the reason's bound.
     */
    private static Judgement askAsDeny(Judgement ask) {
        String why = ask.message().isBlank() ? "this command needs the user's approval" : ask.message();
        int room = AnswerText.MAX_REASON_CHARS - AnswerText.MAX_PREFIX_CHARS - ASK_AS_DENY.length();
        return new Judgement(Decision.DENY, ask.ruleId(), OneLine.of(why, room) + ASK_AS_DENY);
    }

    /**
     * The strictest judgement over every form (the first one on a tie), raised to ask when the
     * forms are in doubt; null when the judge gave no answer for one of them.
     */
    private Judgement judgeForms(RunForms forms, ToolCall call) throws Exception {
        Judgement strictest = null;
        for (String form : forms.commands()) {
            Judgement j = judge.judge(new ShellCall(form, call.cwd(), call.background(), call.project(), call.dialect()));
            if (j == null) {
                return null;
            }
            if (strictest == null || j.decision().compareTo(strictest.decision()) > 0) {
                strictest = j;
            }
        }
        if (!forms.doubt().isEmpty() && strictest.decision() == Decision.ALLOW) {
            return new Judgement(Decision.ASK, "", forms.doubt());
        }
        return strictest;
    }

    /** Reads at most {@link #MAX_INPUT_BYTES}; null when there is more. */
    private static byte[] readBounded(InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(MAX_INPUT_BYTES + 1);
        return bytes.length > MAX_INPUT_BYTES ? null : bytes;
    }

    /** An exception's message, or its type when it has none (a StackOverflowError…). */
    private static String describe(Throwable t) {
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getSimpleName() : m;
    }

    /**
     * The protocol's refusal for {@code reason}. INVARIANT: exit 2 with a non-empty stderr line
     * whatever the protocol does; a protocol refusal that throws or is anything else is replaced
     * by the plain one (no stdout), which every client still takes as blocked.
     */
    private HookOutcome refusal(String reason) {
        String why = OneLine.of(reason, HookOutcome.MAX_STDERR_CHARS - ASK_USER.length() - 16);
        String line = (why.startsWith("shell-warden") ? why : "shell-warden: " + why) + ASK_USER;
        HookOutcome refused;
        try {
            refused = protocol.refuse(line);
        } catch (RuntimeException e) {
            refused = null;
        }
        boolean blocks = refused != null && refused.exitStatus() == HookOutcome.EXIT_REFUSE && !refused.stderrLine().isEmpty();
        return blocks ? refused : HookOutcome.refuse(line);
    }
}
