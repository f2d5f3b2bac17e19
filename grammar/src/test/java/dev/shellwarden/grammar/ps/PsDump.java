package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.PowerShellSplitter;

/** Prints the segments of each argument (or of stdin) in corpus notation; a debugging aid. */
public final class PsDump {

    private PsDump() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            String text = new String(System.in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            print(text);
        }
        for (String a : args) {
            print(a);
        }
    }

    private static void print(String text) {
        System.out.println("--- " + text.replace("\n", "\\n"));
        for (String line : SegmentText.render(new PowerShellSplitter().split(text))) {
            System.out.println(line);
        }
    }
}
