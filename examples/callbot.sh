#!/usr/bin/env bash
# A bot for pokerroom's JSON-lines dealer in plain bash, to show the protocol needs no
# Python: it checks when it can, calls when it must, shows its hand at the showdown (or
# mucks it when it must), and folds only when nothing else is legal.
#
#   bash examples/callbot.sh HOST PORT TOKEN
#
# One JSON object a line: the dealer says "hello", the bot joins its seat with its token,
# and answers each "act" with an "action" naming the hand and the decision's number.
set -euo pipefail
exec 3<>"/dev/tcp/$1/$2"
printf '{"type":"join","token":"%s","name":"bash-caller"}\n' "$3" >&3
decisions=0
while IFS= read -r line <&3; do
  if [[ $line =~ \"type\":\"act\",\"hand\":([0-9]+),\"seq\":([0-9]+) ]]; then
    hand=${BASH_REMATCH[1]} seq=${BASH_REMATCH[2]}
    [[ $line =~ \"kinds\":\[([^]]*)\] ]] && kinds=${BASH_REMATCH[1]}
    for action in check call show muck fold; do
      [[ $kinds == *\"$action\"* ]] && break
    done
    printf '{"type":"action","hand":%s,"seq":%s,"action":"%s"}\n' "$hand" "$seq" "$action" >&3
    decisions=$((decisions + 1))
  elif [[ $line =~ \"type\":\"match_end\",\"hands\":([0-9]+) ]]; then
    echo "bash-caller: ${BASH_REMATCH[1]} hands, $decisions decisions"
    break
  fi
done
