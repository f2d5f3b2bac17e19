package dev.shellwarden.checker.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code docs}: one section per rule from metadata and cases, deterministic, to a file or stdout. */
class DocsCommandTest {

    @TempDir
    Path tmp;

    private Path corpus() throws Exception {
        Path rules = Files.createDirectories(tmp.resolve("corpus/rules"));
        Files.writeString(rules.resolve("SW2001.cases"), """
                === near miss: a build directory
                rm -rf ./build
                --- loose=allow !SW2001

                === rm of the root
                rm -rf /
                --- deny SW2001
                """);
        return tmp.resolve("corpus");
    }

    @Test
    void sectionsComeFromMetadataAndTheCorpus() throws Exception {
        CliRun r = CliRun.run("docs", "--corpus", corpus().toString(), "--out", "-");
        assertEquals(0, r.exit(), r.toString());
        String md = r.out();
        assertTrue(md.startsWith("# Rules\n"), md);
        assertTrue(md.contains("| [SW2001](#sw2001-rm-recursive-root) | rm-recursive-root | deny | deny | "), md);
        assertTrue(md.contains("""
                ## SW2001 rm-recursive-root

                - family: floor
                - verdict: loose deny, hard deny (floor: no config loosens it)
                - shell: bash

                recursive delete of the file system root or the home directory

                ### Problematic command

                ```sh
                rm -rf /
                ```

                ### Allowed alternative

                ```sh
                rm -rf ./build
                ```
                """), md);
        assertTrue(md.contains("### Exceptions\n\nNear misses it must not fire on:\n\n- `rm -rf ./build`: a build directory\n"), md);
        assertTrue(md.contains("\n## SW0002 default-hard\n"), "engine rules are documented too");
        assertTrue(md.indexOf("## SW0001 ") < md.indexOf("## SW2001 ") && md.indexOf("## SW2001 ") < md.indexOf("## SW5001 "),
                "sorted by id");
        assertEquals(md, CliRun.run("docs", "--corpus", corpus().toString(), "--out", "-").out(), "deterministic");
    }

    @Test
    void writesTheFileAndIncludesAnAuthorsRules() throws Exception {
        Path rules = AuthorRules.paste(tmp);
        Path out = tmp.resolve("rules.md");
        CliRun r = CliRun.run("docs", "--rules", rules.toString(), "--corpus", corpus().toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.toString());
        String md = Files.readString(out);
        assertTrue(md.contains("## ACME0001 no-paste-upload\n"), md);
        assertTrue(md.contains("### Problematic command\n\n```sh\n" + AuthorRules.PASTE_COMMAND + "\n```\n"), md);
        assertTrue(md.contains("### Allowed alternative\n\n```sh\naws s3 cp notes.txt s3://acme-share/\n```\n"), md);
        assertTrue(md.contains("### Rationale\n\nPaste sites are public: anything uploaded there leaks.\n"), md);
    }
}
