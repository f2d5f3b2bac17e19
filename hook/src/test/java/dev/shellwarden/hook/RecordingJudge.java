package dev.shellwarden.hook;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A judge for the adapter tests: answers by a function of the command and records every call it
 * was asked, so a test can check what reached the judge (or that nothing did).
 */
public final class RecordingJudge implements CommandJudge {

    /** Every call judged, in order. */
    public final List<ShellCall> calls = new ArrayList<>();
    private final Function<String, Judgement> answer;

    /** A judge answering {@code answer} of each command. */
    public RecordingJudge(Function<String, Judgement> answer) {
        this.answer = answer;
    }

    /** A judge answering {@code fixed} for every command. */
    public RecordingJudge(Judgement fixed) {
        this(c -> fixed);
    }

    @Override
    public Judgement judge(ShellCall call) {
        calls.add(call);
        return answer.apply(call.command());
    }

    /** The recorded calls, each as {@code view} shows it (the fields a test cares about). */
    public List<String> calls(Function<ShellCall, String> view) {
        return calls.stream().map(view).toList();
    }
}
