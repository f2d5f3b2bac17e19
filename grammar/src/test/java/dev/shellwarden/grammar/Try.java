package dev.shellwarden.grammar;

/** Prints the split of each argument (or of stdin) in corpus format; a development aid. */
public final class Try {
    private Try() {
    }

    public static void main(String[] args) throws Exception {
        Splitter s = Splitter.forShell(Shell.BASH);
        String[] inputs = args.length > 0 ? args : new String[] {new String(System.in.readAllBytes())};
        for (String in : inputs) {
            System.out.println("=== " + in.replace("\n", "\\n"));
            SegmentFormat.lines(s.split(in)).forEach(System.out::println);
        }
    }
}
