package org.flexcode.optim

import java.util.function.ToDoubleBiFunction

import breeze.linalg.{DenseVector => BDV}
import breeze.optimize.{CachedDiffFunction, DiffFunction, LBFGS, OWLQN}

/**
 * The one Scala piece of FlexCode: Java cannot implement Breeze's DiffFunction (its specialised
 * apply clashes with Function1.apply), so this adapter wraps a Java loss (x, gradient out) => loss
 * and runs Breeze's L-BFGS, or OWL-QN when L1 weights are given, exactly as spark.ml does
 * (memory 10; the loss cached at its last point by a CachedDiffFunction, as spark.ml does, so
 * the starting point is evaluated once, not twice). Each state is returned as an array (adjusted
 * objective value, x_1, ..., x_n).
 */
object BreezeMinimizer {

  private final class JavaDiffFunction(loss: ToDoubleBiFunction[Array[Double], Array[Double]])
      extends DiffFunction[BDV[Double]] {
    override def calculate(x: BDV[Double]): (Double, BDV[Double]) = {
      val gradient = new Array[Double](x.length)
      val value = loss.applyAsDouble(x.toArray, gradient)
      (value, BDV(gradient))
    }
  }

  /** The optimizer's states from {@code initial}; {@code l1} may be null (pure L-BFGS). */
  def iterations(
      loss: ToDoubleBiFunction[Array[Double], Array[Double]],
      initial: Array[Double],
      maxIter: Int,
      memory: Int,
      tolerance: Double,
      l1: Array[Double]): java.util.Iterator[Array[Double]] = {
    val f = new CachedDiffFunction(new JavaDiffFunction(loss))
    val states =
      if (l1 == null) {
        new LBFGS[BDV[Double]](maxIter, memory, tolerance).iterations(f, BDV(initial.clone()))
      } else {
        val weights = l1.clone()
        new OWLQN[Int, BDV[Double]](maxIter, memory, (i: Int) => weights(i), tolerance)
          .iterations(f, BDV(initial.clone()))
      }
    new java.util.Iterator[Array[Double]] {
      override def hasNext: Boolean = states.hasNext
      override def next(): Array[Double] = {
        val state = states.next()
        state.adjustedValue +: state.x.toArray
      }
    }
  }
}
