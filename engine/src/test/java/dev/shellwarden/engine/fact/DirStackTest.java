package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The directory stack as WorkingDirs reads it through PreviousDirs and DirStack: where {@code x} runs
 * ({@code ?}: a place not known). Every numbered reading ({@code +N}, {@code ~N}) keeps {@code ?}
 * beside bash's, because zsh's PUSHD_MINUS counts it from the bottom.
 */
class DirStackTest {

    private static final String P = "/home/dev/project";

    @ParameterizedTest
    @CsvSource(delimiterString = "=>", value = {
        "pushd -n /tmp && x => P",
        "cd ~ && pushd -n /tmp && x => ~",
        "pushd -n /tmp && popd && x => /tmp",
        "pushd -n build && popd && x => P/build",
        "pushd src && pushd lib && popd +1 && x => ? P/src/lib",
        "pushd src && pushd lib && popd +1 && popd && x => ? P",
        "pushd ~ && pushd /tmp && pushd +1 && x => ? ~",
        "pushd ~ && pushd /tmp && pushd +2 && x => ? P",
        "pushd ~ && pushd /tmp && pushd +2 && popd && x => ?",
        "pushd /tmp && pushd ~ && pushd -n +1 && x => ? ~",
        "pushd /tmp && pushd -n +1 && popd && x => ?",
        "pushd build && popd -n && x => P/build",
        "pushd build && popd -n && popd && x => ?",
        "pushd ~ && pushd /tmp && cd ~1 && x => ? ~",
        "pushd ~ && cd ~+1/src && x => ? P/src",
        "pushd ~ && cd ~2 && x => ?",
        "pushd /tmp && pushd -1 && x => ?",
        "pushd /tmp && popd -1 && x => ?",
        "pushd /tmp && pushd +0 && x => ?",
        "pushd /tmp && popd +3 && x => ? /tmp",
        "cd -P . && x => P",
        "cd -P / && x => /",
        "cd -P build && x => ? P/build",
        "cd -LP build && x => ? P/build",
        "cd -P build && cd .. && x => ? P",
    })
    void followsTheStackTheTextPushed(String text, String dir) {
        List<String> want = java.util.Arrays.stream(dir.strip().split(" "))
                .map(d -> d.equals("~") ? "/home/dev" : d.replace("P", P)).sorted().toList();
        assertEquals(want, WhereXRuns.of(text, P, "/home/dev"));
    }
}
