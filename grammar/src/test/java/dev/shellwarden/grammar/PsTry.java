package dev.shellwarden.grammar;

/** Prints the PowerShell split of each argument (or of stdin) in corpus format; a development aid. */
public final class PsTry {
    private PsTry() {
    }

    /** Entry point. */
    public static void main(String[] args) throws Exception {
        Splitter s = Splitter.forShell(Shell.POWERSHELL);
        String[] inputs = args.length > 0 ? args : new String[] {new String(System.in.readAllBytes())};
        for (String in : inputs) {
            System.out.println("=== " + in.replace("\n", "\\n"));
            SegmentFormat.lines(s.split(in)).forEach(System.out::println);
        }
    }
}
