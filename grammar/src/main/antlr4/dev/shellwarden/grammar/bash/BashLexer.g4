// Tokens of bash / POSIX sh for the splitter. A word is one token, whatever its quoting, so word
// boundaries are structural (no parser predicates). Anything this lexer does not model lexes as
// ERROR_CHAR, which the parser rejects: a syntax error, hence an opaque segment, never a guess.
lexer grammar BashLexer;

LINE_CONTINUATION : '\\' '\r'? '\n' -> skip ;
NEWLINE           : '\r'? '\n' ;
BLANK             : [ \t\f]+ -> skip ;
COMMENT           : '#' ~[\r\n]* -> skip ;

AND_IF    : '&&' ;
OR_IF     : '||' ;
PIPE_AMP  : '|&' ;
PIPE      : '|' ;
SEMI      : ';' ;
AMP_GREAT_GREAT : '&>>' ;
AMP_GREAT : '&>' ;
AMP       : '&' ;
LPAREN    : '(' ;
RPAREN    : ')' ;

DLESSDASH  : '<<-' ;
TLESS      : '<<<' ;
DLESS      : '<<' ;
DGREAT     : '>>' ;
CLOBBER    : '>|' ;
GREATAND   : '>&' ;
LESSAND    : '<&' ;
LESSGREAT  : '<>' ;
GREAT      : '>' ;
LESS       : '<' ;

// A descriptor number directly followed by a redirection operator (`2>`, `1>&2`).
IO_NUMBER : [0-9]+ {_input.LA(1) == '<' || _input.LA(1) == '>'}? ;

WORD : WORD_PART (WORD_PART | '#')* ;

fragment WORD_PART : ANSI_C | SINGLE | DOUBLE | BACKQUOTE | ESCAPE | BARE ;
fragment ANSI_C    : '$\'' ( '\\' . | ~['\\] )* '\'' ;
fragment SINGLE    : '\'' ~'\''* '\'' ;
fragment DOUBLE    : '"' ( '\\' . | ~["\\] )* '"' ;
fragment BACKQUOTE : '`' ( '\\' . | ~[`\\] )* '`' ;
fragment ESCAPE    : '\\' . ;
fragment BARE      : ~[ \t\f\r\n;&|<>()'"\\`#] ;

ERROR_CHAR : . ;
