/*
 * oe_cards.h -- the card encoding and the range of hand values: the base
 * every other header builds on (it includes nothing).
 *
 * Card encoding (the one encoding of the whole project):
 *
 *     id = 4 * rank + suit
 *     rank: 2=0 3=1 4=2 5=3 6=4 7=5 8=6 9=7 T=8 J=9 Q=10 K=11 A=12
 *     suit: c=0 d=1 h=2 s=3
 *
 * Values:
 *   high: 1..OE_HIGH_MAX (7462), LARGER IS BETTER; 7462 is a royal flush,
 *         1 is 7-5-4-3-2 unsuited.  Equal values tie.
 *   low:  OE_LOW_NONE (0) means no qualifying 8-or-better low; otherwise
 *         1..OE_LOW_MAX (56), LARGER IS BETTER; 56 is 5-4-3-2-A, 1 is 8-7-6-5-4.
 */
#ifndef OE_CARDS_H
#define OE_CARDS_H

#define OE_NUM_CARDS 52
#define OE_NUM_RANKS 13
#define OE_HIGH_MAX 7462
#define OE_LOW_NONE 0
#define OE_LOW_MAX 56
#define OE_MAX_HOLE 6 /* the most hole cards of any game (omaha_eval/games.py) */
#define OE_MAX_DEAL 10 /* the most players a deal holds (games.py's PLAYERS) */

#define OE_RANK(card) ((card) >> 2)
#define OE_SUIT(card) ((card) & 3)
#define OE_CARD(rank, suit) (4 * (rank) + (suit))

#endif /* OE_CARDS_H */
