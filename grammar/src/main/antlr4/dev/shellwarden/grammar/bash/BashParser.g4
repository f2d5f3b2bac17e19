// The structure of bash / POSIX sh that decides which simple commands run: lists, and-or chains,
// pipelines, subshells and simple commands with their redirections.
parser grammar BashParser;

options { tokenVocab = BashLexer; }

program       : separator* (andOr (separator+ andOr)* separator*)? EOF ;
separator     : SEMI | AMP | NEWLINE ;
andOr         : pipeline (andOrOp NEWLINE* pipeline)* ;
andOrOp       : AND_IF | OR_IF ;
pipeline      : command (pipeOp NEWLINE* command)* ;
pipeOp        : PIPE | PIPE_AMP ;
command       : simpleCommand | subshell redirect* ;
subshell      : LPAREN separator* andOr (separator+ andOr)* separator* RPAREN ;
simpleCommand : (WORD | redirect)+ ;
redirect      : IO_NUMBER? redirectOp WORD ;
redirectOp    : GREAT | DGREAT | CLOBBER | LESS | LESSGREAT | GREATAND | LESSAND
              | AMP_GREAT | AMP_GREAT_GREAT | DLESS | DLESSDASH | TLESS ;
