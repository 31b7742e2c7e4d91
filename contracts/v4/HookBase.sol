// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// The scenario's Uniswap V4 hooks. They speak the PoolManager's hook ABI (v4-core IHooks) with the
// few types they need declared here, so the contracts compile without v4-core's sources; PoolKey and
// SwapParams have the same ABI encoding as v4-core's (Currency and IHooks are addresses).
//
// A V4 pool calls exactly the hook functions whose flag bits are set in the low 14 bits of the hook's
// address, so each hook is deployed by CREATE2 at a mined salt (scripts/compile-contracts.mjs,
// contracts/v4/hook-flags.json). Its creation code therefore takes no constructor arguments: the
// deployer calls `init` right after (the same transaction sequence the scenario runs, never exposed).

struct PoolKey {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

struct SwapParams {
    bool zeroForOne;
    int256 amountSpecified;
    uint160 sqrtPriceLimitX96;
}

interface IPoolManagerMinimal {
    function mint(address to, uint256 id, uint256 amount) external;
}

// LPFeeLibrary.OVERRIDE_FEE_FLAG: the fee a dynamic-fee pool's beforeSwap returns applies to this swap.
uint24 constant OVERRIDE_FEE_FLAG = 0x400000;
// LPFeeLibrary.MAX_LP_FEE: 100% in pips.
uint24 constant MAX_LP_FEE = 1_000_000;

abstract contract HookBase {
    address public poolManager;
    address public owner;

    error NotPoolManager();
    error NotOwner();
    error AlreadyInitialised();

    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    modifier onlyPoolManager() {
        if (msg.sender != poolManager) revert NotPoolManager();
        _;
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    /// One-shot set-up after the CREATE2 deployment (see the file comment).
    function init(address poolManager_, address owner_) external virtual {
        if (poolManager != address(0)) revert AlreadyInitialised();
        poolManager = poolManager_;
        owner = owner_;
        emit OwnershipTransferred(address(0), owner_);
    }

    function transferOwnership(address newOwner) external onlyOwner {
        emit OwnershipTransferred(owner, newOwner);
        owner = newOwner;
    }

    function renounceOwnership() external onlyOwner {
        emit OwnershipTransferred(owner, address(0));
        owner = address(0);
    }
}

/// A hook that only sets the fee in beforeSwap (flag BEFORE_SWAP) on a dynamic-fee pool.
abstract contract FeeHookBase is HookBase {
    function currentFee() public view virtual returns (uint24);

    function beforeSwap(address, PoolKey calldata, SwapParams calldata, bytes calldata)
        external
        virtual
        onlyPoolManager
        returns (bytes4, int256, uint24)
    {
        return (FeeHookBase.beforeSwap.selector, 0, currentFee() | OVERRIDE_FEE_FLAG);
    }
}
