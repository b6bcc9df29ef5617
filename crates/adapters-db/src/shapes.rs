//! Batches written in statements of a few fixed sizes. Both drivers keep each connection's prepared
//! statements by their text (up to 100 on each connection), and a multi-row statement's text changes
//! with its number of rows: page views flushed in batches of every size from 1 to 5,000 left each
//! connection holding dozens of prepared statements of thousands of bound values, megabytes each
//! (the beacon's benchmark reached 224 MiB resident this way), and SQLite parsed each new text
//! again. Cut into a ladder of sizes, a table's statements have at most a ladder's length of texts.

/// The row counts of a batch of page views' inserts (which have no key a repeated row could
/// conflict on), largest first: a flush of any size up to 256 views is at most 17 statements.
pub(crate) const INSERTS: [usize; 4] = [256, 32, 4, 1];

/// The row counts of statements in which a repeated row changes nothing (an insert that skips
/// conflicts, an `IN` list): a batch is one statement up to 1,024 rows.
pub(crate) const PADDED: [usize; 3] = [1024, 64, 4];

/// `rows` cut into consecutive pieces, each as long as one of `ladder`'s sizes (largest first,
/// ending with 1): as many of the largest as fit, then of the next, and so on (with
/// [`INSERTS`], a batch of 300 rows is 256, 32, 4, 4, 4).
pub(crate) fn in_shapes<'a, T>(rows: &'a [T], ladder: &'a [usize]) -> impl Iterator<Item = &'a [T]> + 'a {
    let mut rest = rows;
    std::iter::from_fn(move || {
        let size = ladder.iter().copied().find(|&size| size <= rest.len())?;
        let (piece, tail) = rest.split_at(size);
        rest = tail;
        Some(piece)
    })
}

/// `rows` in pieces of `ladder`'s largest size, the last one completed to the smallest of its sizes
/// that holds it by repeating its last row.
pub(crate) fn padded<'a, T: Clone>(rows: &'a [T], ladder: &'a [usize]) -> impl Iterator<Item = Vec<T>> + 'a {
    let largest = ladder.first().copied().unwrap_or(1).max(1);
    rows.chunks(largest).map(move |chunk| {
        let size = ladder.iter().rev().copied().find(|&size| size >= chunk.len()).unwrap_or(chunk.len());
        let mut piece = chunk.to_vec();
        if let Some(last) = chunk.last() {
            piece.resize(size, last.clone());
        }
        piece
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_batch_is_cut_into_the_ladders_sizes_in_order() {
        for len in 0..=600 {
            let rows: Vec<usize> = (0..len).collect();
            let pieces: Vec<&[usize]> = in_shapes(&rows, &INSERTS).collect();
            assert!(pieces.iter().all(|piece| INSERTS.contains(&piece.len())), "{len}");
            assert_eq!(pieces.concat(), rows, "{len}: every row once, in order");
            assert!(pieces.windows(2).all(|pair| pair[0].len() >= pair[1].len()), "{len}: largest first");
        }
        let lengths: Vec<usize> = in_shapes(&[0; 300], &INSERTS).map(<[i32]>::len).collect();
        assert_eq!(lengths, [256, 32, 4, 4, 4]);
        assert!((0..256).all(|len| in_shapes(&vec![0; len], &INSERTS).count() <= 17));
    }

    #[test]
    fn a_short_piece_is_completed_with_its_last_row_to_the_next_size() {
        let sizes =
            |len: u32| -> Vec<usize> { padded(&(0..len).collect::<Vec<_>>(), &PADDED).map(|p| p.len()).collect() };
        assert_eq!(sizes(0), Vec::<usize>::new());
        assert_eq!(sizes(1), [4]);
        assert_eq!(sizes(5), [64]);
        assert_eq!(sizes(65), [1024]);
        assert_eq!(sizes(1024), [1024]);
        assert_eq!(sizes(1030), [1024, 64]);
        let pieces: Vec<Vec<u32>> = padded(&[7, 8, 9], &PADDED).collect();
        assert_eq!(pieces, [vec![7, 8, 9, 9]]);
        let single: Vec<Vec<u32>> = padded(&(0..70).collect::<Vec<u32>>(), &[64]).collect();
        assert_eq!(single[1][..6], [64, 65, 66, 67, 68, 69]);
        assert!(single[1][6..].iter().all(|&row| row == 69) && single[1].len() == 64);
    }
}
